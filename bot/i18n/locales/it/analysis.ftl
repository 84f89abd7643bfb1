## Analisi della partita (/bingo analyse, il pulsante Analisi del replay)

analysis-button = Analisi
analysis-worst = Errore più grave
analysis-step-through = Scorri la partita
analysis-field = Analisi
analysis-title = Analisi di BingoMagic #{ $id } — { $first } contro { $second }
analysis-description = { $graded ->
    [one] Una decisione valutata
   *[other] { $graded } decisioni valutate
    }, ognuna da ciò che il suo giocatore vedeva allora (le carte nascoste sono simulate, mai lette), con almeno { $worlds ->
        [one] { $worlds } partita simulata
       *[other] { $worlds } partite simulate
    } per ogni mossa possibile. Ogni percentuale è la probabilità di vittoria del giocatore nominato accanto.
analysis-accuracy = Precisione: **{ $accuracy }** / 100
analysis-mean-loss = Perdita media: **{ $loss }** { $loss ->
    [one] punto
   *[other] punti
    } di probabilità di vittoria per decisione
analysis-no-decisions = Nessuna decisione da valutare.
analysis-count = { $grade }: { $count }
analysis-footer = Migliore: buona quanto la mossa migliore trovata, o meno di 5 punti di probabilità di vittoria sotto · imprecisione: 5+ punti persi · errore: 10+ · svarione: 20+. La precisione scende in fretta a ogni perdita (la formula di lichess): uno svarione costa molto più di alcune imprecisioni.
analysis-grade-best = Migliore
analysis-grade-inaccuracy = Imprecisione
analysis-grade-mistake = Errore
analysis-grade-blunder = Svarione
# Il voto dentro una frase ("— svarione: probabilità …").
analysis-grade-word = { $grade ->
    [best] mossa migliore
    [inaccuracy] imprecisione
    [mistake] errore
   *[blunder] svarione
    }
analysis-progress = Analisi in corso… { $done } di { $total ->
    [one] { $total } decisione
   *[other] { $total } decisioni
    }
analysis-busy-member = Hai già un'analisi in corso: aspetta che finisca.
analysis-busy-server = Ci sono troppe analisi in corso in questo server: riprova fra un minuto.
analysis-failed = Non è stato possibile analizzare la partita #{ $id }.

## Una decisione a parole: chi ha fatto cosa, il voto, la probabilità di chi, la mossa migliore

analysis-did-keep = { $who } tiene la mano
analysis-did-mulligan = { $who } dichiara un mulligan
analysis-did-bottom = { $who } mette { $land } in fondo al mazzo
analysis-did-aside = { $who } mette da parte { $land }
analysis-did-aside_done = { $who } smette di mettere carte da parte
analysis-did-scry_top = { $who } lascia { $card } in cima al mazzo
analysis-did-scry_bottom = { $who } mette { $card } in fondo al mazzo
analysis-did-place = { $who } posiziona { $land }
analysis-did-pass = { $who } passa il turno
analysis-did-allow = { $who } lascia risolvere { $pending } di { $other }
analysis-did-counter = { $who } neutralizza { $pending } di { $other } con { $island } + { $land }
analysis-did-discard = { $who } scarta { $land }
analysis-did-destroy = { $who } distrugge { $land } di { $other }
analysis-did-take = { $who } riprende { $land } dal proprio mazzo degli scarti
analysis-did-take_opp = { $who } prende { $land } dal mazzo degli scarti di { $other }
analysis-do-keep = tenere la mano
analysis-do-mulligan = dichiarare un mulligan
analysis-do-bottom = mettere { $land } in fondo al mazzo
analysis-do-aside = mettere da parte { $land }
analysis-do-aside_done = smettere di mettere carte da parte
analysis-do-scry_top = lasciare { $card } in cima al mazzo
analysis-do-scry_bottom = mettere { $card } in fondo al mazzo
analysis-do-place = posizionare { $land }
analysis-do-pass = passare il turno
analysis-do-allow = lasciarla risolvere
analysis-do-counter = neutralizzarla con { $island } + { $land }
analysis-do-discard = scartare { $land }
analysis-do-destroy = distruggere { $land } di { $other }
analysis-do-take = riprendere { $land }
analysis-do-take_opp = prendere { $land } di { $other }
analysis-step = { $move } — { $grade }: probabilità di vittoria di { $who } { $before } % → { $after } %.
analysis-step-best = { $move } — { $grade }: probabilità di vittoria di { $who } { $after } %.
analysis-better = Meglio: { $better } ({ $best } %).
analysis-simulations = ({ $worlds ->
        [one] { $worlds } simulazione
       *[other] { $worlds } simulazioni
    } per mossa)
analysis-turn = Turno { $turn }
analysis-turn-mulligans = Mulligan
analysis-when = turno { $turn }
analysis-when-mulligans = mulligan

## Momenti chiave: le tre perdite più grandi di ogni giocatore, ognuna un pulsante sulla posizione di prima

analysis-key-moments = Momenti chiave: { $who }
analysis-key-moment = **{ $number }** · { $when } · { $line }
analysis-no-key-moments = Nessuna imprecisione né di peggio: ogni decisione è stata buona quanto la mossa migliore trovata.
analysis-key-button = { $number } · { $who }, { $when }
analysis-key-hint = I pulsanti numerati aprono la posizione prima di ogni momento chiave, con le scelte che { $first } o { $second } avevano.
analysis-choices-title = Momento chiave { $number } · { $when }: decide { $who }
analysis-choices-intro = La posizione prima della mossa. Le scelte di { $who }, ognuna con la probabilità di vittoria di { $who } dopo di essa:
analysis-choice-played = giocata, { $grade }
analysis-choice-best = migliore
analysis-choice-played-best = giocata, migliore
analysis-choices-next = **Avanti** mostra la mossa giocata.
analysis-not-analysed = Questa partita non è ancora stata analizzata: usa prima il pulsante **Analisi**.

## Il grafico (un'immagine: poche parole per riga)

analysis-chart-title = Probabilità di vittoria di { $name }
analysis-chart-turn = Turno
analysis-chart-whose = Errori di:
analysis-chart-alt = Grafico della probabilità di vittoria di { $name } durante la partita, turno per turno (quella di { $other } è il resto): { $start } % dopo la prima decisione valutata, { $end } % dopo l'ultima. { $errors }
analysis-chart-alt-player = { $who }: { $marks }.
analysis-chart-alt-none = { $who }: nessuna imprecisione né di peggio.
analysis-chart-alt-mark = { $grade } ({ $when })

## Replay: una carta privata nominata per ogni lettore (la partita è finita, entrambe le mani sono visibili)

replay-event-draw = { $who } pesca { $card }.
replay-event-bottom = { $who } mette { $card } in fondo al mazzo.

cmd-bingo-analyse =
    .name = analisi
    .description = Valuta ogni decisione di una partita finita di BingoMagic di questo server.
cmd-bingo-analyse-match =
    .name = partita
    .description = Il numero della partita (sulla sua plancia e sul risultato)
