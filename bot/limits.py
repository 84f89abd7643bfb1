"""Every bound the bot enforces, written down once.

Discord's own limits (message content, embed parts, autocomplete) and the project's
bounds on what members may store or open (deck sizes, saved decks, pending challenges).
The parser, the commands, the storage layer and the tests all read them from here.
"""

from __future__ import annotations

from typing import Literal

# -- Discord's limits (https://discord.com/developers/docs/resources/message) ------------

#: Characters in a message's ``content``.
CONTENT = 2000
#: Characters in an embed's title.
EMBED_TITLE = 256
#: Characters in an embed's description.
EMBED_DESCRIPTION = 4096
#: Characters in an embed field's name.
FIELD_NAME = 256
#: Characters in an embed field's value.
FIELD_VALUE = 1024
#: Characters in an embed footer's text.
FOOTER = 2048
#: Characters in a button label.
BUTTON_LABEL = 80
#: Characters in a select option's label, value or description.
SELECT_OPTION = 100
#: Choices in one autocomplete answer.
AUTOCOMPLETE_CHOICES = 25
#: Characters in an autocomplete (or command) choice's name and value.
CHOICE_NAME = 100

# -- The project's bounds ---------------------------------------------------------------

#: Characters of a member's display name as the bot echoes it (boards, panels, results,
#: refusals). Discord's own names are at most 32; escaping may double that.
MEMBER_NAME = 64
#: Characters of a member's display name inside a button label (no escaping there).
MEMBER_NAME_LABEL = 32
#: Characters in a saved deck's name (also the ``max_length`` of every deck-name option).
DECK_NAME = 100
#: Cards in one deck: more than any real format uses (Commander is 100; ``/mulligan odds``
#: has always stopped at 250).
DECK_CARDS = 250
#: Fewest cards in a deck: an opening hand of seven.
DECK_MIN_CARDS = 7
#: Saved decks per member (also Discord's autocomplete page of 25).
DECKS_PER_MEMBER = 25
#: Characters of a pasted decklist (the modal's text input).
DECKLIST = 4000
#: Pending challenges from one member to the same opponent in one server.
CHALLENGES_PER_PAIR = 1
#: Pending challenges one member may have open in one server.
CHALLENGES_PER_CHALLENGER = 3
#: Seconds, by default, before a challenger may challenge the same member again after a
#: declined or expired challenge (``BINGO_CHALLENGE_COOLDOWN_SECONDS``, bot/config.py).
CHALLENGE_COOLDOWN_SECONDS = 60.0
#: Characters of a moderator's reason (``/bingo mod end``), shown to both players.
MOD_REASON = 300
#: Days a finished or abandoned practice deal is kept before it is deleted.
PRACTICE_RETENTION_DAYS = 7

# -- Numbers members type into slash commands ---------------------------------------------
# Every integer option of every command declares ``min_value`` and ``max_value`` from here
# (or from the bounds below), so Discord refuses anything outside before the bot sees it
# ("Application Commands", Application Command Option Structure); the command tree
# refuses a forged value past them too (bot/client.py, ``BingoTree.interaction_check``).

#: A match's or a tournament's number, as (least, most): the database numbers them from 1,
#: and no server plays two billion matches; every such number fits SQLite's and
#: PostgreSQL's 64-bit integers.
RECORD_NUMBER = (1, 2**31 - 1)
#: Rated matches a server may require before a member is listed on the leaderboard.
LEADERBOARD_MIN_GAMES = (0, 1000)
#: Turns of land drops ``/mulligan odds`` tabulates.
ODDS_TURNS = (1, 10)

# -- Server settings (/bingo settings) ---------------------------------------------------
# Each timer a server may set, as (least, most) seconds. A server that sets none uses the
# bot's configuration (BINGO_*_SECONDS), which these bounds do not constrain.

#: Seconds for the main step of a turn.
TURN_SECONDS = (30, 600)
#: Seconds for a counter window.
COUNTER_SECONDS = (10, 180)
#: Seconds for every other decision (mulligans, scry, Swamp, Mountain, Forest).
CHOICE_SECONDS = (15, 300)
#: Seconds a challenge waits for its answer.
CHALLENGE_SECONDS = (60, 3600)
#: Channels a server may list as the places where matches may be started (one select).
MATCH_CHANNELS = 25

# -- A match per thread (Discord "Threads": public threads of a text channel) -------------

#: Characters of a thread's name (Discord "Start Thread from Message": name 1-100).
THREAD_NAME = 100
#: Minutes of inactivity after which Discord archives a match's thread by itself, as
#: "Start Thread from Message" allows (60, 1440, 4320 or 10080): a day, longer than any
#: match's timers, so a match never loses its thread while it is played.
THREAD_AUTO_ARCHIVE_MINUTES: Literal[60, 1440, 4320, 10080] = 1440
#: Seconds after a match's result is posted before its thread is archived and locked
#: (``BINGO_THREAD_CLOSE_SECONDS``): time for the players to read the final board and say
#: "gg" there. Stored with the match (its display's ``thread_close_at``), so a restart keeps it.
THREAD_CLOSE_SECONDS = 600.0

#: Seconds after a player's last click on their DM panel during which a new decision of
#: theirs is shown on that panel (an edit, through the click's interaction token) rather
#: than in a new DM: a player who clicked that recently is looking at it, and a new DM
#: would notify them of what they see. Past it, a decision comes as a new DM, which
#: notifies (see cogs/bingo/_panels.py, ``PanelCourier._watching``).
PANEL_ATTENTION_SECONDS = 20.0

# -- Several processes on one database (see bot/storage/leases.py) -----------------------

#: Seconds between two looks of each process for due work of any guild (deadlines, the
#: bot's moves, expired challenges), so a dead process's timers are taken over.
MATCH_POLL_SECONDS = 1.0
#: Seconds past its time before another process's poll takes a match's timed work: its
#: own process's timer fires on time and is left to do it.
MATCH_POLL_GRACE_SECONDS = 1.0
#: Seconds a claim on a match's timed work holds: more than the bot's longest decision
#: (pause + search), so a live process is never overtaken; a dead one's claim runs out.
MATCH_LEASE_SECONDS = 10.0

# -- Swiss tournaments (/bingo tournament) -----------------------------------------------

#: Characters of a tournament's name.
TOURNAMENT_NAME = 100
#: Players one tournament may sign up (the sign-up message stays one short list).
TOURNAMENT_PLAYERS = 128
#: Swiss rounds an organizer may ask for (the default is ⌈log2(players)⌉).
TOURNAMENT_ROUNDS = (1, 15)
#: Minutes of a round's time limit, as (least, most).
TOURNAMENT_ROUND_MINUTES = (1, 240)
#: Tournaments in sign-up or play at once in one server.
TOURNAMENTS_PER_GUILD = 3
#: Seconds before a round's time limit at which its organizer is warned (a round of this
#: length or shorter gets no warning: its pairings already show the limit).
TOURNAMENT_ROUND_WARNING_SECONDS = 300.0
#: The single-elimination cut's size when the organizer asks for one (top 8).
TOURNAMENT_CUT = 8
#: Most seconds an ended round waits for its matches' results to be posted before the
#: next round's threads and pairings are posted (they come after those results; a result
#: Discord keeps refusing this long no longer holds the tournament up).
TOURNAMENT_RESULTS_WAIT_SECONDS = 60.0

# -- The ranked queue across servers (/bingo queue, docs/queue.md) ------------------------

#: Seconds between two widenings of a queuing member's allowed rating gap: it is
#: ``sigma`` (at least :data:`QUEUE_SIGMA_FLOOR`) times ``1 + floor(wait / this)``.
QUEUE_WIDEN_SECONDS = 20.0
#: The least ``sigma`` a member's allowed gap counts (a settled rating still finds
#: opponents within a point at once).
QUEUE_SIGMA_FLOOR = 1.0
#: Seconds of waiting after which a member is offered a match against the bot instead
#: (they stay in the queue until they take it).
QUEUE_BOT_OFFER_SECONDS = 120.0
#: Most seconds one stays in the queue: then the entry ends and they are told (within the
#: 15 minutes an interaction's token lets the bot edit the waiting message).
QUEUE_MAX_SECONDS = 600.0
#: Seconds between two pairing passes of a process over every member queuing (a member
#: is also tried at once when they join).
QUEUE_PASS_SECONDS = 2.0
#: Seconds between two refreshes of a waiting message (how many are queuing, the gap).
QUEUE_PANEL_SECONDS = 5.0
#: Seconds without a sign of life from the process showing a member's waiting message
#: after which another process takes the member over (the first stopped).
QUEUE_STALE_SECONDS = 30.0
#: Seconds a pair may wait for its match to be stored before both go back to waiting
#: (the process that paired them stopped in between).
QUEUE_PAIR_TIMEOUT_SECONDS = 60.0
#: The closest members within the gap a pairing looks at (locked together on PostgreSQL).
QUEUE_CANDIDATES = 24
#: Least seconds between two edits of the board in a player's DM (a queue match played
#: in DMs). Their hand panel, edited at once after every change, already shows their hand,
#: both territories and what is asked; the board adds the log and the picture. Together
#: with :data:`LADDER_BOARD_SECONDS` it keeps a queue match's four boards (two DMs, two
#: ladder threads) within a request per decision (docs/queue.md, "Measured").
DM_BOARD_SECONDS = 4.0
#: Least seconds between two edits of a ladder board in a server's ladder channel (the
#: spectators' copy). The final board and the result are never held back.
LADDER_BOARD_SECONDS = 12.0

# -- Hand of the day (/mulligan daily) ---------------------------------------------------

#: Seconds an answer waits before the day's public post shows the new count: a burst of
#: answers becomes one edit (each edit goes through the paced outbox too).
DAILY_POST_EDIT_SECONDS = 5.0

# -- Match analysis (/bingo analyse, the replay's Analysis button) -------------------------

#: Analyses one member may have running at once (a second request is refused privately).
ANALYSES_PER_MEMBER = 1
#: Analyses running at once in one server (each takes the AI pool for up to ~30 s, which
#: the bot's own moves share; further requests are refused privately until one ends).
ANALYSES_PER_GUILD = 2
#: Least seconds between two edits of an analysis's progress line (Discord's rate limit
#: on editing an interaction response: about one edit a second).
ANALYSIS_PROGRESS_SECONDS = 1.0
