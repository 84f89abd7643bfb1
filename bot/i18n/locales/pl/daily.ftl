## Ręka dnia (/mulligan daily).

cmd-mulligan-daily =
    .name = ręka-dnia
    .description = Oceń rękę dnia tego serwera.
cmd-mulligan-daily-setup =
    .name = ustaw-rękę-dnia
    .description = Tylko z uprawnieniem Zarządzanie serwerem: ustaw kanał, talię i zasadę ręki dnia.
cmd-mulligan-daily-setup-channel =
    .name = kanał
    .description = Gdzie codziennie publikowana jest ręka dnia
cmd-mulligan-daily-setup-deck =
    .name = talia
    .description = Gotowa talia, jedna z twoich zapisanych albo codzienna rotacja
cmd-mulligan-daily-setup-rule =
    .name = zasada
    .description = Zasada mulligana (domyślnie: londyński)
cmd-mulligan-daily-setup-stop_posting =
    .name = przestań_publikować
    .description = Przestań publikować rękę dnia

daily-title = Ręka dnia — { $date }
daily-author = Ręka dnia · { $date } · ta sama ręka dla całego serwera
daily-resume = Twoja odpowiedź jest już zapisana; dokończ swoją rękę.
daily-already = Twoja odpowiedź na dzisiejszą rękę jest już zapisana. Użyj `/{ cmd-mulligan.name } { cmd-mulligan-daily.name }`, aby zobaczyć, jak podzielił się serwer.
daily-answered-today = Twoja dzisiejsza odpowiedź (jedna dziennie)
daily-setup-line = { $deck } · { $rule } · { $play ->
        [play] zaczynasz
       *[draw] grasz jako drugi
    }
daily-you-kept = Zatrzymujesz rękę dnia ({ $cards ->
        [one] jedna karta
        [few] { $cards } karty
        [many] { $cards } kart
       *[other] { $cards } karty
    }).
daily-you-mulliganed = Robisz mulligana, potem zatrzymujesz { $cards ->
        [one] jedną kartę
        [few] { $cards } karty
        [many] { $cards } kart
       *[other] { $cards } karty
    }.
daily-advice-keep = Werdykt trenera: **zatrzymać**.
daily-advice-mulligan = Werdykt trenera: **mulligan**.
daily-advice-either = Werdykt trenera: **obojętnie** (liczby ich nie rozróżniają).
daily-coach-head = O ręce w postaci, w jakiej została rozdana:
daily-split-head = Jak podzielił się serwer
daily-split-line = Zatrzymać: { $keeps } ({ $keep_share }) · Mulligan: { $mulligans } ({ $mulligan_share })
daily-split-size = { $size }: { $count }
daily-split-sizes = Rozmiary zatrzymanych rąk: { $sizes }
daily-bar-title = Ręka dnia { $date } · { $count ->
        [one] jedna odpowiedź
        [few] { $count } odpowiedzi
        [many] { $count } odpowiedzi
       *[other] { $count } odpowiedzi
    }
daily-bar-keep = Zatrzymać
daily-bar-mulligan = Mulligan
daily-bar-size = Zatrzymane: { $size }
daily-post-count = { $count ->
        [0] Nie ma jeszcze odpowiedzi.
        [one] Na razie jedna odpowiedź.
        [few] Na razie { $count } odpowiedzi.
        [many] Na razie { $count } odpowiedzi.
       *[other] Na razie { $count } odpowiedzi.
    } Podział pozostaje ukryty do końca dnia.
daily-post-how = Oceń ją prywatnie komendą `/{ cmd-mulligan.name } { cmd-mulligan-daily.name }`: zatrzymać czy mulligan?
daily-post-final = Dzień się skończył: { $count ->
        [0] nikt nie odpowiedział.
        [one] jedna odpowiedź.
        [few] { $count } odpowiedzi.
        [many] { $count } odpowiedzi.
       *[other] { $count } odpowiedzi.
    }
daily-choice-rotate = Codzienna rotacja (gotowe talie i BingoMagic)
daily-setup-refused = Rękę dnia mogą ustawić tylko członkowie, którzy mogą zarządzać tym serwerem.
daily-setup-no-channel = bez publikacji
daily-setup-saved = Ręka dnia: publikacja na { $channel } · talia: { $deck } · zasada: { $rule }. Ręka już rozdana dzisiaj pozostaje bez zmian; zmiany obowiązują od ręki następnego dnia.
daily-stats-answered = Dni z odpowiedzią z rzędu
daily-stats-agreed = Odpowiedzi zgodne z trenerem z rzędu
daily-stats-streak = { $current } (rekord: { $best })
