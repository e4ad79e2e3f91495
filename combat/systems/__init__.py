"""The rule systems that come with Fray, one package each; they register through ``bot.registry``'s entry points."""
