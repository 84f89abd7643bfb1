## La mano del giorno (/mulligan daily).

cmd-mulligan-daily =
    .name = mano-del-giorno
    .description = Giudica la mano del giorno del server.
cmd-mulligan-daily-setup =
    .name = mano-del-giorno-imposta
    .description = Solo Gestisci server: imposta canale, mazzo e regola della mano del giorno.
cmd-mulligan-daily-setup-channel =
    .name = canale
    .description = Dove viene pubblicata ogni giorno la mano del giorno
cmd-mulligan-daily-setup-deck =
    .name = mazzo
    .description = Un mazzo predefinito, uno dei tuoi mazzi salvati o la rotazione giornaliera
cmd-mulligan-daily-setup-rule =
    .name = regola
    .description = La regola del mulligan (predefinita: London)
cmd-mulligan-daily-setup-stop_posting =
    .name = smetti_di_pubblicare
    .description = Smetti di pubblicare la mano del giorno

daily-title = Mano del giorno — { $date }
daily-author = Mano del giorno · { $date } · la stessa mano per tutto il server
daily-resume = Hai già risposto; finisci la tua mano.
daily-already = Hai già risposto alla mano di oggi. Usa `/{ cmd-mulligan.name } { cmd-mulligan-daily.name }` per vedere come si è diviso il server.
daily-answered-today = La tua risposta di oggi (una al giorno)
daily-setup-line = { $deck } · { $rule } · { $play ->
        [play] inizi tu
       *[draw] inizia l'avversario
    }
daily-you-kept = Hai tenuto la mano del giorno ({ $cards ->
        [one] una carta
       *[other] { $cards } carte
    }).
daily-you-mulliganed = Hai fatto mulligan, poi hai tenuto { $cards ->
        [one] una carta
       *[other] { $cards } carte
    }.
daily-advice-keep = Il verdetto dell'allenatore: **tenere**.
daily-advice-mulligan = Il verdetto dell'allenatore: **mulligan**.
daily-advice-either = Il verdetto dell'allenatore: **è uguale** (le cifre non li distinguono).
daily-coach-head = Sulla mano così come è stata distribuita:
daily-split-head = Come si è diviso il server
daily-split-line = Tenere: { $keeps } ({ $keep_share }) · Mulligan: { $mulligans } ({ $mulligan_share })
daily-split-size = { $size }: { $count }
daily-split-sizes = Carte tenute: { $sizes }
daily-bar-title = Mano del giorno { $date } · { $count ->
        [one] una risposta
       *[other] { $count } risposte
    }
daily-bar-keep = Tenere
daily-bar-mulligan = Mulligan
daily-bar-size = Tenute { $size }
daily-post-count = { $count ->
        [0] Ancora nessuna risposta.
        [one] Una risposta finora.
       *[other] { $count } risposte finora.
    } La divisione resta nascosta fino alla fine del giorno.
daily-post-how = Giudicala in privato con `/{ cmd-mulligan.name } { cmd-mulligan-daily.name }`: tenere o mulligan?
daily-post-final = Il giorno è finito: { $count ->
        [0] nessuno ha risposto.
        [one] una risposta.
       *[other] { $count } risposte.
    }
daily-choice-rotate = La rotazione giornaliera (mazzi predefiniti e BingoMagic)
daily-setup-refused = Solo chi può gestire questo server può impostare la mano del giorno.
daily-setup-no-channel = nessuna pubblicazione
daily-setup-saved = Mano del giorno: pubblicata in { $channel } · mazzo: { $deck } · regola: { $rule }. Una mano già distribuita oggi resta com'è; le modifiche valgono dalla mano del giorno dopo.
daily-stats-answered = Giorni di fila con una risposta
daily-stats-agreed = Di fila d'accordo con l'allenatore
daily-stats-streak = { $current } (record { $best })
