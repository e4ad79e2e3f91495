"""The Discord side of Fray: settings, persistence, data loading and the bot itself."""
