# Porównanie trenera: zatrzymanie ręki czy mulligan (bot/ai/coach.py COMPARISONS).
mulligan-coach-too-close = ⚖️ Zbyt blisko, by rozstrzygnąć: różnica mieści się w marginesie błędu symulacji, więc zatrzymanie ręki jest w porządku.
mulligan-coach-tie = ✅ Zatrzymanie ręki było dokładnie tak dobre jak mulligan.
# Wynik ręki dnia (cogs/mulligan/_daily.py).
daily-verdict-agrees = ✅ { $verdict } Twoja odpowiedź się zgadza.
daily-verdict-differs = ❌ { $verdict } Twoja odpowiedź jest inna.
daily-next-draws-yours = Następne dobrania po twojej zatrzymanej ręce: { $cards }.
daily-next-draws-dealt = Następne dobrania po rozdanej ręce: { $cards }.
