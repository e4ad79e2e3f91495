"""Fray on Discord: the client, the cogs (thin adapters over bot.services) and the replies they send."""
