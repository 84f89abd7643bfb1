# Co decyduje o werdykcie trenera lądów, przy każdej zasadzie mulligana
# (liczby: bot/engine/rule_odds.py; słowa: cogs/mulligan/_service.py).

mulligan-coach-head = **Trener.**
mulligan-coach-decides = **Co decyduje:** zatrzymując { $cards ->
        [one] tę { $cards } kartę
        [few] te { $cards } karty
        [many] te { $cards } kart
       *[other] te { $cards } karty
    } ({ $lands ->
        [0] bez lądów
        [one] { $lands } ląd
        [few] { $lands } lądy
        [many] { $lands } lądów
       *[other] { $lands } lądu
    }){ $then ->
        [scry] {" "}i robiąc scry 1 (ląd zostaje na wierzchu, czar idzie na spód)
       *[none] {""}
    }, zagrywasz ląd w każdej kolejce aż do kolejki { $turns } { $play ->
        [play] (gdy zaczynasz)
       *[draw] (gdy grasz jako drugi)
    } w **{ $percent }** przypadków; { $mulligan }.
mulligan-coach-gives-up = { $done ->
        [yes] { $free ->
            [yes] twój darmowy mulligan do { $size ->
                [one] { $size } karty
               *[other] { $size } kart
            } oddał
           *[no] twój mulligan do { $size ->
                [one] { $size } karty
               *[other] { $size } kart
            } kosztował kartę i oddał
        } { $count ->
            [0] całą rękę bez czarów
           *[other] z tamtej ręki { $spells }
        }
       *[no] { $free ->
            [yes] darmowy mulligan do { $size ->
                [one] { $size } karty
               *[other] { $size } kart
            } oddaje
           *[no] mulligan do { $size ->
                [one] { $size } karty
               *[other] { $size } kart
            } kosztuje kartę i oddaje
        } { $count ->
            [0] całą rękę, w której nie ma czarów
           *[other] z tej ręki { $spells }
        }
    }
mulligan-coach-sets-aside = { $done ->
        [yes] twój mulligan do { $size ->
            [one] { $size } karty
           *[other] { $size } kart
        } odłożył na bok { $given } i dobrał w zamian { $drawn ->
            [0] zero kart
            [one] { $drawn } kartę
            [few] { $drawn } karty
            [many] { $drawn } kart
           *[other] { $drawn } karty
        }
       *[no] mulligan do { $size ->
            [one] { $size } karty
           *[other] { $size } kart
        } odkłada na bok { $given } i dobiera w zamian { $drawn ->
            [0] zero kart
            [one] { $drawn } kartę
            [few] { $drawn } karty
            [many] { $drawn } kart
           *[other] { $drawn } karty
        }
    }
mulligan-coach-aside-lands = { $count ->
        [one] jeden z jej lądów
       *[other] { $count } z jej lądów
    }
mulligan-coach-aside-spells = { $count ->
        [one] jeden z jej czarów
       *[other] { $count } z jej czarów
    }
mulligan-coach-lands = { $count ->
        [one] { $count } ląd
        [few] { $count } lądy
        [many] { $count } lądów
       *[other] { $count } lądu
    }
mulligan-coach-spells = { $count ->
        [one] { $count } czar
        [few] { $count } czary
        [many] { $count } czarów
       *[other] { $count } czaru
    }
mulligan-coach-instead = Gdy zamiast tego robisz mulligana ({ $policy }): **{ $percent }**.
mulligan-coach-policy = potem zatrzymując rękę tak jak trener: 7 kart z 2–5 lądami, 6 lub 5 z 2–4, zawsze przy 4 lub mniej
mulligan-coach-on-mulligan = **Trener o twoim mulliganie:** { $verdict } Zatrzymanie { $cards ->
        [one] tamtej { $cards } karty
       *[other] tamtych { $cards } kart
    } ({ $lands ->
        [0] bez lądów
        [one] { $lands } ląd
        [few] { $lands } lądy
        [many] { $lands } lądów
       *[other] { $lands } lądu
    }){ $then ->
        [bottom] {" "}i położenie { $bottom ->
            [one] { $bottom } karty
           *[other] { $bottom } kart
        } na spód
        [scry] {" "}i scry 1 (ląd zostaje na wierzchu, czar idzie na spód)
       *[none] {""}
    } dawałoby ląd w każdej kolejce aż do kolejki { $turns } { $play ->
        [play] (gdy zaczynasz)
       *[draw] (gdy grasz jako drugi)
    } w **{ $keep }** przypadków; { $mulligan }, co daje **{ $instead }** ({ $policy }).
mulligan-coach-mulligan-was-better = ✅ Mulligan był lepszym wyborem.
mulligan-coach-mulligan-was-tie = ✅ Mulligan był dokładnie tak dobry jak zatrzymanie ręki.
mulligan-coach-mulligan-was-worse = ❌ Zatrzymanie ręki dałoby lepszy wynik.
mulligan-coach-unrated-1994 = Mulligan z 1994 roku można zrobić tylko raz i tylko z ręką z samych lądów albo bez żadnego lądu, więc to zatrzymanie ręki nie jest oceniane.
