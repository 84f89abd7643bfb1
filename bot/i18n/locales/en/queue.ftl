# The ranked queue across servers (/bingo queue) and a server's ladder channel
# (/bingo settings ladder): docs/queue.md. $mu, $sigma, $gap and $rating come formatted
# (one decimal); $when and $since are Discord timestamps; $thread and $channel mentions.

## The waiting message (private)

queue-title = 🔎 Looking for an opponent
queue-waiting = I pair you with the member whose queue rating is closest to yours, whatever server they're in. The gap I accept widens every 20 seconds while you wait.
queue-count = { $n ->
    [one] { $n } member is queuing now (you).
   *[other] { $n } members are queuing now, you included.
}
queue-restarted = I restarted, and you're still in the queue: this message replaces the one you had.
queue-found = Opponent found: setting up your match…
queue-bot-offer = Nobody close enough yet. You can play me instead (you'll leave the queue), or keep waiting.
queue-field-rating = Your queue rating
queue-rating = { $mu } (± { $sigma })
queue-field-gap = Gap accepted now
queue-gap = ± { $gap }, wider { $when }
queue-field-since = Waiting since
queue-footer = { $minutes ->
    [one] Leave whenever you like. After { $minutes } minute without an opponent you leave the queue by yourself.
   *[other] Leave whenever you like. After { $minutes } minutes without an opponent you leave the queue by yourself.
}
queue-button-leave = Leave the queue
queue-button-bot = Play the bot instead

## How it ended

queue-paired-title = ⚔️ Opponent found
queue-ended-title = BingoMagic queue
queue-paired = You're playing **{ $opponent }** (queue rating { $rating }): BingoMagic #{ $id }.
queue-paired-dms = Your hand and the board are in your DMs.
queue-paired-thread = The board is in { $thread }; your hand is in your DMs.
queue-left = You left the queue.
queue-left-busy = You left the queue: you started another match.
queue-expired = { $minutes ->
    [one] Nobody was found in { $minutes } minute, so you left the queue. Try again with `/bingo queue`.
   *[other] Nobody was found in { $minutes } minutes, so you left the queue. Try again with `/bingo queue`.
}
queue-dropped = Your place in the queue was dropped. Try again with `/bingo queue`.
queue-bot-here = You left the queue to play me.
queue-bot-started = You're playing me instead: BingoMagic #{ $id }. Your hand and the board are in your DMs.
queue-again = Play another ranked match: `/bingo queue`.

## Refusals (private)

queue-busy = You're playing a match already. Finish it (or `/bingo resign`) before you queue.
queue-dms-closed = Queue matches send your hand by DM, and I can't DM you. Allow DMs from this server's members (or from me), then queue again.
queue-dm-check = I can DM you again: your hand will come here once you're paired.
queue-not-queuing = You're not in the queue. Join it with `/bingo queue`.
queue-too-late = You've been paired already: BingoMagic #{ $id }.
queue-too-late-pairing = You've just been paired: your match is starting.

## /bingo settings ladder (Manage Server, private)

queue-ladder-set = Done: each queue match of this server's members gets a thread in { $channel } showing its board (no hidden card).
queue-ladder-cleared = Done: queue matches show no board in this server any more.
queue-ladder-show = Ladder channel: { $channel }. Queue matches of this server's members show their board in a thread there.
queue-ladder-none = No ladder channel is set: queue matches of this server's members show no board here. Set one with `/bingo settings ladder channel:`.
queue-ladder-permissions = I can't open threads in { $channel }: I need { $missing } there.

settings-field-ladder = Ladder channel (ranked queue)

## Commands

cmd-bingo-queue =
    .name = queue
    .description = Ranked queue: play the member with the closest rating, from any server.
cmd-bingo-settings-ladder =
    .name = ladder
    .description = Manage Server only: where queue matches of this server's members are shown.
cmd-bingo-settings-ladder-channel =
    .name = channel
    .description = The ladder channel: each queue match gets a thread there
cmd-bingo-settings-ladder-off =
    .name = off
    .description = Show queue matches in no channel of this server
