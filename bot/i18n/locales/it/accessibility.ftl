# Modalità lettore di schermo (/bingo accessibility): una frase semplice con lo stato, in
# testa a ogni pannello e tabellone (bot/ui/accessible.py, cogs/bingo/_accessible.py).
a11y-decide-declare = Tocca a te: tieni o fai mulligan.
a11y-decide-bottom = Tocca a te: metti { $n ->
    [one] { $n } carta
   *[other] { $n } carte
} in fondo al mazzo.
a11y-decide-aside = Tocca a te: metti da parte delle carte per il mulligan, poi scegli Fatto.
a11y-decide-scry = Tocca a te: profetizza 1, lascia la prima carta in cima o mettila in fondo.
a11y-decide-main = Tocca a te: posiziona una terra o passa il turno.
a11y-decide-counter = { $name } ha posizionato { $land }: puoi neutralizzarla o lasciarla risolvere.
a11y-decide-swamp = La Palude di { $name }: scegli una carta da scartare.
a11y-decide-mountain = La tua Montagna: scegli una terra nel territorio di { $name } da distruggere.
a11y-decide-forest = La tua Foresta: scegli una terra da prendere in mano.
a11y-waiting = In attesa di { $name }.
a11y-deadline = Il tempo scade { $deadline }.
a11y-over = La partita è finita.
a11y-turn = Turno { $turn }.
a11y-mulligans = Mulligan.
a11y-territories = Il tuo territorio: { $mine }; territorio di { $name }: { $theirs }.
a11y-board-territories = Territorio di { $first }: { $a }; territorio di { $second }: { $b }.
a11y-near-win = A { $name } manca una { $land } per vincere.
a11y-near-win-you = Ti manca una { $land } per vincere.
a11y-hand = La tua mano: { $hand }.
a11y-holds = { $name } ha in mano { $n ->
    [one] { $n } carta
   *[other] { $n } carte
}.
a11y-library = Mazzo: { $n ->
    [one] { $n } carta
   *[other] { $n } carte
}.
a11y-scry = In cima al tuo mazzo: { $land }.
a11y-pending = { $name } sta giocando { $land }.
a11y-pending-you = Stai giocando { $land }.
a11y-last = Ultima mossa: { $line }
a11y-actions = Puoi: { $actions }.
a11y-none = nessuna
a11y-label-counter = Neutralizza con Isola e { $name }
a11y-event-roll-pair = { $first } { $a } contro { $second } { $b }
a11y-event-turn = Turno { $turn }: { $who }.
a11y-event-mulligan = { $who } fa il mulligan numero { $number } e scende a { $n ->
    [one] { $n } carta.
   *[other] { $n } carte.
}
a11y-event-counter = { $who } neutralizza con { $island } e { $other }. { $land } va nel mazzo degli scarti.
# Between the clauses of the sentence.
a11y-join = {" "}
# After a clause that does not end as a sentence (a moderator's reason).
a11y-full-stop = {"."}
a11y-separator = {", "}
a11y-count-plains = { $n ->
    [one] { $n } Pianura
   *[other] { $n } Pianure
}
a11y-count-island = { $n ->
    [one] { $n } Isola
   *[other] { $n } Isole
}
a11y-count-swamp = { $n ->
    [one] { $n } Palude
   *[other] { $n } Paludi
}
a11y-count-mountain = { $n ->
    [one] { $n } Montagna
   *[other] { $n } Montagne
}
a11y-count-forest = { $n ->
    [one] { $n } Foresta
   *[other] { $n } Foreste
}
a11y-on = Modalità lettore di schermo attiva: ogni pannello e tabellone che vedi inizia con una frase semplice: di chi è il turno e cosa devi decidere, il tempo rimasto, i due territori, a chi manca una terra per vincere, la tua mano, cosa è appena successo e cosa puoi fare. Disattivala con `/bingo accessibility off`.
a11y-off = Modalità lettore di schermo disattivata. Attivala con `/bingo accessibility on`.
a11y-offer = Modalità lettore di schermo

## /bingo accessibility

cmd-bingo-accessibility =
    .name = accessibilità
    .description = Modalità lettore di schermo: attivala, disattivala o guarda la tua scelta.
cmd-bingo-accessibility-mode =
    .name = modo
    .description = Attiva, disattiva o mostra la tua scelta
choice-a11y_on =
    .name = attiva
choice-a11y_off =
    .name = disattiva
choice-a11y_show =
    .name = mostra
