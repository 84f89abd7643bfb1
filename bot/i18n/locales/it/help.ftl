# /help: cosa fa il bot e i suoi comandi, in una schermata (cogs/guide/_help.py).
cmd-help =
    .name = aiuto
    .description = Cosa fa questo bot e i suoi comandi.

help-title = Bot di BingoMagic — aiuto
help-intro =
    Un bot per i giocatori di Magic: the Gathering.
    - **BingoMagic**: un gioco per due con un mazzo comune di 60 terre base. Sfida un membro, o me (facile, medio o difficile). Il tavolo è pubblico; la tua mano arriva solo a te, in messaggio diretto.
    - **Allenamento ai mulligan**: mani iniziali con ogni regola di mulligan, da un mazzo predefinito o dalla tua lista, con le probabilità dell'allenatore.
    - **Statistiche** per server: risultati, punteggi e classifiche.
    - **Puzzle** da partite vere: `/{ cmd-bingo.name } { cmd-bingo-puzzle.name }` ti chiede la mossa migliore dove un giocatore ha sbagliato, prima i tuoi errori, con un punteggio e una serie.
    - **I tuoi dati**: `/{ cmd-privacy.name } { cmd-privacy-export.name }` ti manda, in privato, tutto ciò che conservo su di te; `/{ cmd-privacy.name } { cmd-privacy-delete.name }` lo cancella.
    Non conosci BingoMagic? `/bingo regole` mostra il regolamento pagina per pagina.
help-group-bingo = BingoMagic
help-group-mulligan = Allenamento ai mulligan
help-group-privacy = I tuoi dati
help-group-continued = { $group } (continua)
help-group-other = Altro
help-footer = Lo vedi solo tu.
