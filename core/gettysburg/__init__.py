"""Gettysburg 1863 (Yankees & Rebels, issue 9): units, chits, scenarios and every rule; the Rules
object is core.gettysburg.rules.RULES (docs/gettysburg-rules.md)."""
