# Che cosa decide il verdetto dell'allenatore sulle terre, con ogni regola di mulligan
# (le cifre: bot/engine/rule_odds.py; le parole: cogs/mulligan/_service.py).

mulligan-coach-head = **Allenatore.**
mulligan-coach-decides = **Cosa decide:** tenendo { $cards ->
        [one] questa carta
       *[other] queste { $cards } carte
    } ({ $lands ->
        [0] nessuna terra
        [one] { $lands } terra
       *[other] { $lands } terre
    }){ $then ->
        [scry] {" "}e facendo scry 1 (una terra resta sopra, una magia va in fondo)
       *[none] {""}
    }, giochi una terra a ogni turno fino al turno { $turns } { $play ->
        [play] se inizi tu
       *[draw] se inizia l'avversario
    } nel **{ $percent }** dei casi; { $mulligan }.
mulligan-coach-gives-up = { $done ->
        [yes] { $free ->
            [yes] il tuo mulligan gratuito a { $size } ha rinunciato a
           *[no] il tuo mulligan a { $size } è costato una carta e ha rinunciato a
        } { $count ->
            [0] una mano intera senza magie
           *[other] { $spells } di quella mano
        }
       *[no] { $free ->
            [yes] un mulligan gratuito a { $size } rinuncia a
           *[no] un mulligan a { $size } costa una carta e rinuncia a
        } { $count ->
            [0] tutta la mano, che non ha magie
           *[other] { $spells } di questa mano
        }
    }
mulligan-coach-sets-aside = { $done ->
        [yes] il tuo mulligan a { $size } ha messo da parte { $given } e ha pescato { $drawn ->
            [0] nessuna carta
            [one] una carta
           *[other] { $drawn } carte
        } al loro posto
       *[no] un mulligan a { $size } mette da parte { $given } e pesca { $drawn ->
            [0] nessuna carta
            [one] una carta
           *[other] { $drawn } carte
        } al loro posto
    }
mulligan-coach-aside-lands = { $count ->
        [one] una delle sue terre
       *[other] { $count } delle sue terre
    }
mulligan-coach-aside-spells = { $count ->
        [one] una delle sue magie
       *[other] { $count } delle sue magie
    }
mulligan-coach-lands = { $count ->
        [one] { $count } terra
       *[other] { $count } terre
    }
mulligan-coach-spells = { $count ->
        [one] { $count } magia
       *[other] { $count } magie
    }
mulligan-coach-instead = Facendo invece mulligan ({ $policy }): **{ $percent }**.
mulligan-coach-policy = poi tenendo come fa l'allenatore: 7 carte con 2–5 terre, 6 o 5 con 2–4, sempre con 4 o meno
mulligan-coach-on-mulligan = **Allenatore, sul tuo mulligan:** { $verdict } Tenendo { $cards ->
        [one] quella carta
       *[other] quelle { $cards } carte
    } ({ $lands ->
        [0] nessuna terra
        [one] { $lands } terra
       *[other] { $lands } terre
    }){ $then ->
        [bottom] {" "}e mettendone in fondo { $bottom ->
            [one] una
           *[other] { $bottom }
        }
        [scry] {" "}e facendo scry 1 (una terra resta sopra, una magia va in fondo)
       *[none] {""}
    } avresti giocato una terra a ogni turno fino al turno { $turns } { $play ->
        [play] se inizi tu
       *[draw] se inizia l'avversario
    } nel **{ $keep }** dei casi; { $mulligan }, per il **{ $instead }** ({ $policy }).
mulligan-coach-mulligan-was-better = ✅ Il mulligan era la scelta migliore.
mulligan-coach-mulligan-was-tie = ✅ Il mulligan valeva esattamente quanto tenere.
mulligan-coach-mulligan-was-worse = ❌ Tenere sarebbe andato meglio.
mulligan-coach-unrated-1994 = Il primo mulligan ufficiale (1994) si fa una volta sola e solo con una mano di sole terre o senza terre, quindi questa scelta non viene valutata.
