"""The emulator's test driver: simulated members of an emulated Discord who type slash
commands, click buttons, pick from menus and submit modals as their Discord client would,
and read what they can see.

Typical use::

    async with Emulator() as emu:  # from emulator
        ...build a world, start the bot against it...
        rec = await UserDriver(emu, alice).slash(channel, "ping")

It imports the emulator (:mod:`emulator`) and nothing else of the project; the emulator
never imports it.
"""

from emulator_driver.driver import UserDriver

__all__ = ["UserDriver"]
