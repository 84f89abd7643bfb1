# L'immagine del tavolo (bot/ui/board_image.py). Testo pubblico: la lingua del server.
board-title = BingoMagic #{ $id }
board-turn = Turno { $turn } · gioca { $name }
board-mulligans = Mulligan
board-hand = { $count ->
    [one] Mano: 1 carta
   *[other] Mano: { $count } carte
}
board-library = mazzo
board-discard = Scarti
board-discard-empty = Scarti: vuoto
board-on-stack = In pila
board-line-column = Cinque di un colore
board-line-row = Una per colore
board-last = Ultima mossa: { $move }
board-last-announce = { $name } sta posizionando { $land }
board-last-resolve = { $name } ha posizionato { $land }
board-last-counter = { $name } ha neutralizzato { $land }
board-last-discard = { $name } ha scartato { $land }
board-last-destroy = { $name } ha distrutto { $land } di { $target }
board-last-take = { $name } ha preso { $land } da un mazzo degli scarti
board-last-pass = { $name } ha passato
board-last-timeout = { $name } ha esaurito il tempo
board-last-resign = { $name } ha abbandonato la partita
board-win = Vince { $name }: { $how }
board-how-column = cinque terre di un colore
board-how-row = una terra per colore
board-how-resign = resa
board-how-timeout = tempo scaduto
board-how-other = regolamento
board-draw = Pareggio
board-no-result = Nessun risultato
board-moderator = Chiusa da un moderatore: { $reason }
board-moderator-no-reason = Chiusa da un moderatore

## Vittorie vicine e testo alternativo (l'immagine a parole: bot/ui/board_image.py board_alt_text)
board-near-win = A { $name } manca una { $land } per vincere
board-alt-intro = Tavolo della partita BingoMagic #{ $id }. { $status }.
board-alt-player = { $name }: territorio { $territory }; { $hand }; scarti { $discard }.
board-alt-none = vuoto
board-alt-count = { $land } { $n }
board-alt-library = { $n ->
    [one] Mazzo: 1 carta.
   *[other] Mazzo: { $n } carte.
}
board-alt-stack = In pila: { $land }.
board-alt-line = { $text }.
