# /help: co robi bot i jego komendy, na jednym ekranie (cogs/guide/_help.py).
cmd-help =
    .name = pomoc
    .description = Co robi ten bot i jakie ma komendy.

help-title = Bot BingoMagic — pomoc
help-intro =
    Bot dla graczy Magic: the Gathering.
    - **BingoMagic**: gra dla dwojga na wspólnej bibliotece 60 lądów podstawowych. Wyzwij członka serwera albo mnie (poziom łatwy, średni lub trudny). Plansza jest publiczna; twoja ręka trafia tylko do ciebie, w wiadomości prywatnej.
    - **Trening mulligana**: otwierające ręce według każdej zasady mulligana, z gotowej talii albo twojej listy, z szansami wyliczonymi przez trenera.
    - **Statystyki** na serwerze: wyniki, rankingi i tabele najlepszych.
    - **Zadania** z prawdziwych meczów: `/{ cmd-bingo.name } { cmd-bingo-puzzle.name }` prosi o najlepszy ruch tam, gdzie gracz się pomylił, najpierw twoje błędy, z rankingiem i serią.
    - **Twoje dane**: `/{ cmd-privacy.name } { cmd-privacy-export.name }` wysyła ci prywatnie wszystko, co o tobie przechowuję; `/{ cmd-privacy.name } { cmd-privacy-delete.name }` to usuwa.
    Pierwszy raz z BingoMagic? `/{ cmd-bingo.name } { cmd-bingo-rules.name }` pokazuje zasady strona po stronie.
help-group-bingo = BingoMagic
help-group-mulligan = Trening mulligana
help-group-privacy = Twoje dane
help-group-continued = { $group } (ciąg dalszy)
help-group-other = Inne
help-footer = Tylko ty to widzisz.
