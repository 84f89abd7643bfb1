"""The playground: a page to try the bot in a browser, with no Discord account.

``python -m bot.playground`` starts the Discord emulator (:mod:`emulator`), the bot
against it, and the page (:mod:`bot.playground.web`, whose members act through the test
driver, :mod:`emulator_driver`). ``python -m bot.playground.standalone`` serves the
emulator alone. Nothing else in ``bot`` or ``cogs`` imports this package, the emulator or
its driver.
"""
