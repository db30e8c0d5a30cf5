"""Wellington: The Peninsular War 1812-1814 (GMT 2005)."""
