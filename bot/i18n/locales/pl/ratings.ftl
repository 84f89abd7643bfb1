# Ratingi (openskill) w /bingo stats i /bingo leaderboard, powtórki i rewanże.
# $ordinal to pokazywany rating (mu - 3 sigma); $change ma znak („+3.4”, „-1.2”).

ratings-field = Rating
ratings-value = **{ $ordinal }** (μ { $mu } ± { $sigma }) · miejsce #{ $rank }
ratings-last-change = Ostatni mecz (#{ $id }): { $change }
ratings-leaderboard-title = Ranking BingoMagic
ratings-leaderboard-line = **{ $rank }.** { $who } — { $ordinal } ({ $matches ->
    [one] { $matches } mecz rankingowy
    [few] { $matches } mecze rankingowe
    [many] { $matches } meczów rankingowych
   *[other] { $matches } meczu rankingowego
})
ratings-leaderboard-none = Na tym serwerze nie ma jeszcze meczów rankingowych.
ratings-leaderboard-footer = Rating = μ − 3σ (openskill), z meczów między członkami serwera (mecze z botem się nie liczą). Wybierz „według: zwycięstwa”, aby uszeregować według wygranych.
ratings-your-rating = Twój rating
ratings-no-rating = Nie masz tu jeszcze ratingu: zakończ mecz z członkiem serwera.

choice-rating =
    .name = rating
choice-wins =
    .name = zwycięstwa

cmd-bingo-leaderboard-by =
    .name = według
    .description = Kolejność według ratingu (domyślnie) albo według zwycięstw

## Powtórki

replay-title = Powtórka BingoMagic #{ $id } — { $first } kontra { $second }
replay-step = Krok { $step } z { $total }
replay-nothing = (w tym kroku nic nie widać)
replay-hands = Ręce
replay-empty-hand = (pusta)
replay-previous = Poprzedni
replay-next = Następny
# The button on a player's end-of-match panel that opens the replay.
replay-open = Powtórka meczu
replay-unknown = Na tym serwerze nie ma meczu #{ $id }.
replay-not-over = Mecz #{ $id } wciąż trwa: można go odtworzyć, gdy się zakończy.
replay-broken = Meczu #{ $id } nie da się odtworzyć.

cmd-bingo-replay =
    .name = powtórka
    .description = Przejdź krok po kroku przez zakończony mecz BingoMagic z tego serwera.
cmd-bingo-replay-match =
    .name = mecz
    .description = Numer meczu (widoczny na jego planszy i w wyniku)

## Rewanż

rematch-button = Rewanż
rematch-unavailable = Ten mecz nie ma rewanżu.
rematch-not-yours = O rewanż mogą poprosić tylko obaj gracze tego meczu.
rematch-gone = Twojego przeciwnika nie ma już na tym serwerze.
