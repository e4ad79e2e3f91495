"""The slash commands, one cog per command family; each callback parses, calls the responder, and returns."""
