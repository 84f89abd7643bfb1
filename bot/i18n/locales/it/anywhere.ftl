# Comandi usati fuori da un server (cogs/contexts.py, cogs/bingo/_anywhere.py).
anywhere-needs-server = Questo comando funziona solo in un server in cui sono installato. Usalo lì, oppure prova qui /bingo rules, /bingo hand, /mulligan practice o /help.
anywhere-no-match = Non stai giocando una partita in nessun server.
