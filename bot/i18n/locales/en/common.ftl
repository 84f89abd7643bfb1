# Shared words. Lands in WUBRG order, and the game's own terms.
land-plains = Plains
land-island = Island
land-swamp = Swamp
land-mountain = Mountain
land-forest = Forest
# Between two sentences (Japanese: nothing after 。).
common-sentence-join = {" "}

# Answers shared by every command and control (bot/interactions.py).
common-not-current = That choice is no longer current.
common-not-now = You can't do that right now.
common-bad-option = I couldn't understand { $value } for that option.
common-out-of-range = `{ $option }` must be between { $low } and { $high }.
common-out-of-date = This command is out of date; please try again in a minute.
common-went-wrong = Something went wrong (error id { $id }).
common-storage-busy = The bot's database is busy right now, so nothing was applied. Try again in a moment.
