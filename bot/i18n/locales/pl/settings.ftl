# Ustawienia serwera (/bingo settings): widoczne prywatnie dla członków z uprawnieniem
# Zarządzanie serwerem. $channels to lista wzmianek kanałów („<#1>, <#2>”).

settings-title = ⚙️ Ustawienia BingoMagic na tym serwerze
settings-footer = Zmiana dotyczy nowych meczów; trwające mecze zachowują swoje zasady i limity czasu.
settings-refused = Ustawienia BingoMagic mogą oglądać i zmieniać tylko członkowie z uprawnieniem Zarządzanie serwerem.
settings-invalid = Ta wartość jest niedozwolona; nic nie zostało zmienione.
settings-saved = ✅ Ustawienia zapisane. Nowe mecze z nich korzystają; trwające mecze pozostają bez zmian.
settings-timer-bounds = Limit czasu musi wynosić od { $low } do { $high ->
        [one] { $high } sekundy
        [few] { $high } sekund
        [many] { $high } sekund
       *[other] { $high } sekundy
    } (albo 0 dla wartości domyślnej).
settings-channels-full = Można podać najwyżej { $n ->
    [one] { $n } kanał
    [few] { $n } kanały
    [many] { $n } kanałów
   *[other] { $n } kanału
}.
settings-channel-refused = Na tym kanale nie można rozpoczynać meczów. Użyj jednego z tych: { $channels }.
settings-yes = tak
settings-no = nie
settings-seconds = { $seconds } s
settings-default-seconds = { $seconds } s (domyślnie)
settings-default-value = { $value } (domyślnie)
settings-field-mulligan = Mulligany
settings-mulligan-value = Zasada: { $rule } · pierwszy darmowy: { $free_first } · po kolei: { $sequential }
settings-field-timers = Limity czasu
settings-timers-value = Kolejka: { $turn } · okno kontry: { $counter } · inne decyzje: { $choice } · wyzwanie: { $challenge }
settings-field-house-rules = Zasady domowe
settings-house-rules-value = Las z dowolnego stosu odrzuconych kart: { $forest }
settings-field-language = Język publicznych wiadomości
settings-field-channels = Kanały dla nowych meczów
settings-channels-all = każdy kanał
settings-field-moderation = Moderacja
settings-moderation-value = Rola moderatora: { $role } · kanał dziennika: { $channel }
settings-not-set = nie ustawiono
settings-field-place = Gdzie rozgrywane są mecze (ten kanał)
settings-place-threads = Każdy mecz we własnym publicznym wątku, archiwizowanym i blokowanym po wyniku.
settings-place-threads-unlocked = Każdy mecz we własnym publicznym wątku, archiwizowanym po wyniku (bez blokady: bot nie ma tu uprawnienia Zarządzanie wątkami).
settings-place-channel = Na samym kanale, nie w wątkach (brakuje tu uprawnień bota: { $missing }).
settings-perm-create-threads = Tworzenie wątków publicznych
settings-perm-send-in-threads = Wysyłanie wiadomości w wątkach

choice-server-default =
    .name = Domyślny język serwera

## Komendy

cmd-bingo-settings =
    .name = ustawienia
    .description = Ustawienia BingoMagic na tym serwerze (Zarządzanie serwerem).
cmd-bingo-settings-show =
    .name = pokaż
    .description = Tylko z uprawnieniem Zarządzanie serwerem: pokaż ustawienia BingoMagic tego serwera.
cmd-bingo-settings-mulligan =
    .name = mulligan
    .description = Tylko z uprawnieniem Zarządzanie serwerem: domyślna zasada mulligana i jej opcje.
cmd-bingo-settings-mulligan-rule =
    .name = zasada
    .description = Domyślna zasada mulligana
cmd-bingo-settings-mulligan-free_first =
    .name = pierwszy_darmowy
    .description = Pierwszy mulligan jest darmowy
cmd-bingo-settings-mulligan-sequential =
    .name = po_kolei
    .description = Każdy gracz robi mulligana, aż zatrzyma rękę, zanim zadeklaruje następny
cmd-bingo-settings-timers =
    .name = limity-czasu
    .description = Tylko z uprawnieniem Zarządzanie serwerem: limity czasu w sekundach (0: domyślny).
cmd-bingo-settings-timers-turn =
    .name = kolejka
    .description = Sekundy na główny krok kolejki (0: domyślnie)
cmd-bingo-settings-timers-counter =
    .name = kontra
    .description = Sekundy na okno kontry (0: domyślnie)
cmd-bingo-settings-timers-choice =
    .name = wybór
    .description = Sekundy na inne decyzje (0: domyślnie)
cmd-bingo-settings-timers-challenge =
    .name = wyzwanie
    .description = Ile sekund wyzwanie czeka na odpowiedź (0: domyślnie)
cmd-bingo-settings-house-rules =
    .name = zasady-domowe
    .description = Tylko z uprawnieniem Zarządzanie serwerem: zasady domowe serwera.
cmd-bingo-settings-house-rules-forest_either_pile =
    .name = las_z_obu_stosów
    .description = Las może brać z obu stosów odrzuconych kart
cmd-bingo-settings-language =
    .name = język
    .description = Tylko z uprawnieniem Zarządzanie serwerem: język publicznych wiadomości bota.
cmd-bingo-settings-language-language =
    .name = język
    .description = Język albo język serwera (jego preferowany język)
cmd-bingo-settings-channels =
    .name = kanały
    .description = Tylko z uprawnieniem Zarządzanie serwerem: kanały, na których można rozpoczynać mecze.
cmd-bingo-settings-channels-add =
    .name = dodaj
    .description = Pozwól na mecze na tym kanale
cmd-bingo-settings-channels-remove =
    .name = usuń
    .description = Nie pozwalaj już na mecze na tym kanale
cmd-bingo-settings-channels-everywhere =
    .name = wszędzie
    .description = Znów pozwól na mecze na każdym kanale
