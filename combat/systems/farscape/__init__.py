"""FUDGE Farscape: static Speed initiative, opposed exchanges, Damage Rating against armour, tiered wound tracks."""
