# The coach's comparison of a keep with a mulligan instead (bot/ai/coach.py COMPARISONS).
# Simulated figures whose difference is within the simulation's margin of error.
mulligan-coach-too-close = ⚖️ Too close to call: the difference is within the simulation's margin of error, so keeping is fine.
# Exact figures that are equal.
mulligan-coach-tie = ✅ Keeping was exactly as good as a mulligan.
# The hand of the day's result (cogs/mulligan/_daily.py): one verdict line, one next-draws line.
daily-verdict-agrees = ✅ { $verdict } Your answer agrees.
daily-verdict-differs = ❌ { $verdict } Your answer differs.
daily-next-draws-yours = Next draws after the hand you kept: { $cards }.
daily-next-draws-dealt = Next draws after the hand as dealt: { $cards }.
