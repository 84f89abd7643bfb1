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
    } per ogni mossa possibile (di più dove un voto era incerto). Due mosse più vicine di quanto la simulazione sappia distinguere contano entrambe come migliori.
analysis-accuracy = Precisione: **{ $accuracy }** / 100
analysis-no-decisions = Nessuna decisione da valutare.
analysis-count = { $grade }: { $count }
analysis-footer = Migliore · buona (meno di 5 punti persi) · imprecisione (5+) · errore (10+) · svarione (20+ punti di probabilità di vittoria). Scorri la partita per vedere ogni voto.
analysis-grade-best = Migliore
analysis-grade-good = Buona
analysis-grade-inaccuracy = Imprecisione
analysis-grade-mistake = Errore
analysis-grade-blunder = Svarione
analysis-note = { $grade } — { $chance } % di probabilità di vincere dopo questa mossa ({ $worlds ->
        [one] { $worlds } simulazione
       *[other] { $worlds } simulazioni
    })
analysis-better = Meglio: { $move }: { $best } % invece di { $chosen } %
analysis-progress = Analisi in corso… { $done } di { $total ->
    [one] { $total } decisione
   *[other] { $total } decisioni
    }
analysis-busy-member = Hai già un'analisi in corso: aspetta che finisca.
analysis-busy-server = Ci sono troppe analisi in corso in questo server: riprova fra un minuto.
analysis-failed = Non è stato possibile analizzare la partita #{ $id }.
analysis-chart-title = Probabilità che { $name } vinca, decisione per decisione
analysis-chart-legend = rosso: svarione · arancione: errore
analysis-chart-alt = Grafico della probabilità di vittoria di { $name } durante la partita: { $start } % dopo la prima decisione valutata, { $end } % dopo l'ultima. Svarioni alle decisioni: { $blunders }.

cmd-bingo-analyse =
    .name = analisi
    .description = Valuta ogni decisione di una partita finita di BingoMagic di questo server.
cmd-bingo-analyse-match =
    .name = partita
    .description = Il numero della partita (sulla sua plancia e sul risultato)
