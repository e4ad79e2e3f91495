"""The local table: Fray's commands in a terminal, typed or scripted, with no Discord at all."""
