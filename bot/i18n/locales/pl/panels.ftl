# Ciche wiadomości prywatne i szybkie okna kontry: prywatny panel ręki i /bingo quick.

## /bingo quick

cmd-bingo-quick =
    .name = szybkie
    .description = Szybkie okna kontry: włącz je, wyłącz albo sprawdź swój wybór.
cmd-bingo-quick-mode =
    .name = tryb
    .description = Włączone lub wyłączone (pomiń, by zobaczyć swój wybór)
choice-quick_on =
    .name = włączone
choice-quick_off =
    .name = wyłączone

quick-on =
    ⚡ Szybkie okna kontry są **włączone** (od twojego następnego meczu). Okno kontry trwa { $seconds ->
        [one] { $seconds } sekundę
        [few] { $seconds } sekundy
        [many] { $seconds } sekund
       *[other] { $seconds } sekundy
    }, a gdy czas minie, ląd rozpatruje się sam; do tego momentu nadal możesz nacisnąć Kontruj. Przeciwnik widzi to samo okno, niezależnie od tego, czy masz Wyspę.
quick-off =
    Szybkie okna kontry są **wyłączone** (od twojego następnego meczu): odpowiadasz na każde okno kontry w ciągu { $seconds ->
        [one] { $seconds } sekundy
       *[other] { $seconds } sekund
    }.

## Panel ręki

# Pod pytaniem szybkiego okna kontry.
panel-quick-window = ⚡ Szybkie okno: gdy czas minie, ląd rozpatruje się sam.
