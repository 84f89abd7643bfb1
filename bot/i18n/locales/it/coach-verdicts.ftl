# Il confronto dell'allenatore fra tenere e un mulligan (bot/ai/coach.py COMPARISONS).
mulligan-coach-too-close = ⚖️ Troppo vicini per decidere: la differenza rientra nel margine d'errore della simulazione, quindi tenere va bene.
mulligan-coach-tie = ✅ Tenere valeva esattamente quanto un mulligan.
# Il risultato della mano del giorno (cogs/mulligan/_daily.py).
daily-verdict-agrees = ✅ { $verdict } La tua risposta concorda.
daily-verdict-differs = ❌ { $verdict } La tua risposta è diversa.
daily-next-draws-yours = Prossime pescate dopo la mano che hai tenuto: { $cards }.
daily-next-draws-dealt = Prossime pescate dopo la mano servita: { $cards }.
