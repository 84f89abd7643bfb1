# Ranking globalny (/bingo ladder join, leave, show): docs/ladder.md. $name to nazwa
# wybrana przez członka (tylko litery, cyfry, spacje i - . '); $ordinal jest już sformatowany.

ladder-title = Ranking globalny
ladder-season = Sezon globalny { $number } · { $year } K{ $quarter }
ladder-all-time = Wszech czasów
ladder-line = **{ $rank }.** { $name } — { $ordinal } ({ $wins } W · { $losses } P, { $matches ->
    [one] { $matches } mecz z kolejki
    [few] { $matches } mecze z kolejki
   *[many] { $matches } meczów z kolejki
})
ladder-nobody = Nikt z rankingu nie zagrał jeszcze w tym sezonie meczu z kolejki rankingowej. Dołącz przez `/bingo ladder join`, potem graj przez `/bingo queue`.
ladder-your-place = Twoje miejsce
ladder-not-joined = Dołącz do rankingu przez `/bingo ladder join name:`, aby się w nim znaleźć: wymienia członków, którzy dołączyli, pod wybraną przez siebie nazwą.
ladder-no-match = Jesteś w rankingu globalnym, ale nie zagrałeś jeszcze w tym sezonie meczu z kolejki rankingowej: `/bingo queue`.
ladder-footer = Ocena (μ−3σ) z meczów kolejki rankingowej, na wszystkich serwerach; mecze towarzyskie i mecze z botem nigdy się nie liczą. Sezony to kwartały kalendarzowe (UTC).
ladder-season-ends = { $days ->
    [one] Ten sezon kończy się za { $days } dzień.
    [few] Ten sezon kończy się za { $days } dni.
   *[many] Ten sezon kończy się za { $days } dni.
}
ladder-page = Strona { $page } z { $pages }
ladder-season-unknown = Nie ma sezonu globalnego „{ $season }”. Wybierz numer sezonu z listy albo „wszech czasów”.

## join i leave (prywatne)

ladder-joined = Jesteś w rankingu globalnym jako **{ $name }**. Członkowie każdego serwera, który używa bota, widzą tę nazwę i twoją ocenę z meczów kolejki rankingowej (`/bingo queue`). Możesz w każdej chwili wyjść przez `/bingo ladder leave`.
ladder-renamed = Gotowe: jesteś teraz w rankingu globalnym jako **{ $name }**.
ladder-left = Wyszedłeś z rankingu globalnego: nie jesteś już wymieniany, a twoja nazwa w rankingu jest usunięta. Twoja ocena z kolejki zostaje, aby dobierać ci przeciwników w kolejce.
ladder-not-on = Nie jesteś w rankingu globalnym. Dołącz przez `/bingo ladder join name:`.
ladder-name-short = Ta nazwa jest za krótka: użyj od { $min } do { $max ->
    [one] { $max } znaku.
   *[other] { $max } znaków.
}
ladder-name-long = Ta nazwa jest za długa: użyj od { $min } do { $max ->
    [one] { $max } znaku.
   *[other] { $max } znaków.
}
ladder-name-characters = Nazwa w rankingu może zawierać tylko litery, cyfry, spacje i - . ' (bez wzmianek, emoji i formatowania).
ladder-name-letter = Nazwa w rankingu musi zawierać co najmniej jedną literę.
ladder-name-taken = Nazwa **{ $name }** jest już zajęta w rankingu (nazwy różniące się tylko wielkością liter, spacjami lub - . ' liczą się jako te same). Wybierz inną.

help-group-bingo-ladder = Ranking globalny (między serwerami)

## Polecenia

cmd-bingo-ladder =
    .name = ranking-globalny
    .description = Ranking globalny: oceny z kolejki rankingowej na wszystkich serwerach.
cmd-bingo-ladder-join =
    .name = dołącz
    .description = Dołącz do rankingu globalnego pod wybraną nazwą.
cmd-bingo-ladder-join-name =
    .name = nazwa
    .description = Nazwa widoczna w rankingu dla członków każdego serwera
cmd-bingo-ladder-leave =
    .name = wyjdź
    .description = Wyjdź z rankingu globalnego; twoja nazwa zostanie usunięta.
cmd-bingo-ladder-show =
    .name = pokaż
    .description = Ranking globalny i twoje miejsce.
cmd-bingo-ladder-show-season =
    .name = sezon
    .description = Sezon globalny (numer) albo wszech czasów; domyślnie bieżący
