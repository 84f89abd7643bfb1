# Przypomnienia o turze (/bingo reminders): jedna wiadomość prywatna, gdy decyzja gracza
# czeka połowę swojego czasu, a zamiast niej ostrzeżenie, gdy koniec czasu oznaczałby
# przegraną (RULES §1.8); w wątku meczu, gdy gracz ma zamknięte wiadomości prywatne.

## /bingo reminders

cmd-bingo-reminders =
    .name = przypomnienia
    .description = Przypomnienia o twojej decyzji w wiadomości prywatnej: włącz je, wyłącz albo sprawdź swój wybór.
cmd-bingo-reminders-mode =
    .name = tryb
    .description = Włączone lub wyłączone (pomiń, by zobaczyć swój wybór)
choice-reminders_on =
    .name = włączone
choice-reminders_off =
    .name = wyłączone

reminders-on =
    ⏰ Przypomnienia o twojej decyzji są **włączone** (na każdym serwerze, także w trwających meczach). Gdy twoja decyzja czeka połowę swojego czasu, dostajesz jedną wiadomość prywatną albo wzmiankę w wątku meczu, jeśli masz zamknięte wiadomości prywatne. Gdy koniec czasu oznaczałby przegraną ({ $turns ->
        [one] { $turns } kolejka z rzędu bez ruchu w czasie
        [few] { $turns } kolejki z rzędu bez ruchu w czasie
        [many] { $turns } kolejek z rzędu bez ruchu w czasie
       *[other] { $turns } kolejki z rzędu bez ruchu w czasie
    }), dostajesz zamiast tego ostrzeżenie. Nic, dopóki grasz.
reminders-off = Przypomnienia o twojej decyzji są **wyłączone**: żadnej wiadomości, gdy twoja decyzja czeka. Włączysz je przez `/bingo przypomnienia`.

## Przypomnienia (prywatnie: w języku gracza; w wątku: w języku serwera)

reminders-hand = Twój panel: `/bingo ręka`
reminders-panel-link = [Przejdź do swojego panelu]({ $url })
reminders-dm = ⏰ Nadal czekamy na twoją decyzję w BingoMagic #{ $id } (przeciwnik: { $other }): czas mija { $deadline }. { $link }
reminders-forfeit-dm =
    ⚠️ BingoMagic #{ $id } (przeciwnik: { $other }): czas minął ci już w { $n ->
        [one] { $n } kolejce
       *[other] { $n } kolejkach z rzędu
    }. Jeśli i teraz minie ({ $deadline }), przegrywasz mecz. { $link }
reminders-thread = { $user }, ⏰ nadal czekamy na twoją decyzję w BingoMagic #{ $id }: czas mija { $deadline }. Naciśnij **Pokaż moją rękę** na planszy.
reminders-forfeit-thread = { $user }, ⚠️ jeśli i w tej kolejce BingoMagic #{ $id } czas minie ({ $deadline }), przegrywasz mecz. Naciśnij **Pokaż moją rękę** na planszy.
