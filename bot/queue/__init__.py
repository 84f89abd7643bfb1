"""The ranked queue across servers: who is paired with whom and when (:mod:`.policy`,
pure), and the work of one process (:mod:`.service`: joining, pairing passes, the
upkeep of the members it shows). docs/queue.md describes it for members and operators."""

from .policy import Queued, acceptable, choose, window
from .service import QueueHost, QueueService, owner_name, proposals

__all__ = [
    "QueueHost",
    "QueueService",
    "Queued",
    "acceptable",
    "choose",
    "owner_name",
    "proposals",
    "window",
]
