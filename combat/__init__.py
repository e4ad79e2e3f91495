"""Fray's pure rules package: dice, the FUDGE ladder, the turn model and the rule systems."""
