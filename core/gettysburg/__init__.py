"""Gettysburg 1863 (Yankees & Rebels, issue 9): units, scenarios and rules. Not playable yet."""
