"""The bot side of the rule systems that come with Fray: one package each, holding its plug-in and renderer."""
