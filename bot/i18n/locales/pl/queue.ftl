# Rankingowa kolejka między serwerami (/bingo queue) i kanał drabinki serwera
# (/bingo settings ladder): docs/queue.md. $mu, $sigma, $gap i $rating przychodzą
# sformatowane (jedno miejsce po przecinku); $when to znacznik czasu Discorda.

## Wiadomość oczekiwania (prywatna)

queue-title = 🔎 Szukam przeciwnika
queue-waiting = Łączę cię w parę z członkiem, którego ranking kolejki jest najbliższy twojemu, na dowolnym serwerze. Akceptowana różnica rośnie co 20 sekund oczekiwania.
queue-count = { $n ->
    [one] { $n } osoba czeka teraz w kolejce (ty).
    [few] { $n } osoby czekają teraz w kolejce, łącznie z tobą.
    [many] { $n } osób czeka teraz w kolejce, łącznie z tobą.
   *[other] { $n } osoby czekają teraz w kolejce, łącznie z tobą.
}
queue-restarted = Uruchomiłem się ponownie, a ty nadal jesteś w kolejce: ta wiadomość zastępuje poprzednią.
queue-found = Znaleziono przeciwnika: przygotowuję mecz…
queue-bot-offer = Nadal nikt nie jest wystarczająco blisko. Możesz zagrać ze mną (opuścisz kolejkę) albo dalej czekać.
queue-field-rating = Twój ranking kolejki
queue-rating = { $mu } (± { $sigma })
queue-field-gap = Akceptowana różnica
queue-gap = ± { $gap }, większa { $when }
queue-field-since = Czekasz od
queue-footer = { $minutes ->
    [one] Możesz wyjść w każdej chwili. Po { $minutes } minucie bez przeciwnika opuścisz kolejkę sam.
   *[other] Możesz wyjść w każdej chwili. Po { $minutes } minutach bez przeciwnika opuścisz kolejkę sam.
}
queue-button-leave = Opuść kolejkę
queue-button-bot = Zagraj z botem

## Jak się skończyło

queue-paired-title = ⚔️ Znaleziono przeciwnika
queue-ended-title = Kolejka BingoMagic
queue-paired = Grasz z **{ $opponent }** (ranking kolejki { $rating }): BingoMagic #{ $id }.
queue-paired-dms = Twoja ręka i plansza są w twoich wiadomościach prywatnych.
queue-paired-thread = Plansza jest w { $thread }; twoja ręka jest w twoich wiadomościach prywatnych.
queue-left = Opuszczasz kolejkę.
queue-left-busy = Opuszczasz kolejkę: zacząłeś inny mecz.
queue-expired = { $minutes ->
    [one] Przez { $minutes } minutę nie znalazł się przeciwnik, więc opuszczasz kolejkę. Spróbuj ponownie: `/bingo queue`.
    [few] Przez { $minutes } minuty nie znalazł się przeciwnik, więc opuszczasz kolejkę. Spróbuj ponownie: `/bingo queue`.
   *[other] Przez { $minutes } minut nie znalazł się przeciwnik, więc opuszczasz kolejkę. Spróbuj ponownie: `/bingo queue`.
}
queue-dropped = Twoje miejsce w kolejce zostało anulowane. Spróbuj ponownie: `/bingo queue`.
queue-bot-here = Opuszczasz kolejkę, żeby zagrać ze mną.
queue-bot-started = Grasz ze mną: BingoMagic #{ $id }. Twoja ręka i plansza są w twoich wiadomościach prywatnych.
queue-again = Kolejny mecz rankingowy: `/bingo queue`.

## Odmowy (prywatne)

queue-busy = Już grasz mecz. Dokończ go (albo `/bingo resign`), zanim dołączysz do kolejki.
queue-dms-closed = W meczach z kolejki rękę wysyłam w wiadomości prywatnej, a nie mogę do ciebie pisać. Zezwól na wiadomości prywatne od członków tego serwera (albo ode mnie) i dołącz ponownie.
queue-dm-check = Znowu mogę pisać do ciebie prywatnie: twoja ręka przyjdzie tutaj, gdy znajdzie się para.
queue-not-queuing = Nie ma cię w kolejce. Dołącz: `/bingo queue`.
queue-too-late = Masz już parę: BingoMagic #{ $id }.
queue-too-late-pairing = Właśnie znalazła się para: mecz się zaczyna.

## /bingo settings ladder (Zarządzanie serwerem, prywatnie)

queue-ladder-set = Gotowe: każdy mecz z kolejki członków tego serwera dostaje wątek w { $channel } z planszą (bez ukrytych kart).
queue-ladder-cleared = Gotowe: mecze z kolejki nie pokazują już planszy na tym serwerze.
queue-ladder-show = Kanał drabinki: { $channel }. Mecze z kolejki członków tego serwera pokazują tam planszę w wątku.
queue-ladder-none = Nie ustawiono kanału drabinki: mecze z kolejki członków tego serwera nie pokazują tu planszy. Ustaw go: `/bingo settings ladder channel:`.
queue-ladder-permissions = Nie mogę otwierać wątków w { $channel }: potrzebuję tam uprawnień: { $missing }.

settings-field-ladder = Kanał drabinki (kolejka rankingowa)

## Polecenia

cmd-bingo-queue =
    .name = kolejka
    .description = Kolejka rankingowa: zagraj z członkiem o najbliższym rankingu, z dowolnego serwera.
cmd-bingo-settings-ladder =
    .name = drabinka
    .description = Tylko z uprawnieniem Zarządzanie serwerem: gdzie pokazywać mecze z kolejki członków tego serwera.
cmd-bingo-settings-ladder-channel =
    .name = kanał
    .description = Kanał drabinki: każdy mecz z kolejki dostaje tam wątek
cmd-bingo-settings-ladder-off =
    .name = wyłącz
    .description = Nie pokazuj meczów z kolejki w żadnym kanale tego serwera
