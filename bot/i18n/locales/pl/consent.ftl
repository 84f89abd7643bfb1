# Zgoda na wyzwania (/bingo challenges, /bingo block, /bingo unblock): każda odpowiedź
# jest prywatna. Jeden tekst odmowy dla wyłączonych wyzwań i dla blokady, żeby
# zablokowany członek nie mógł ich odróżnić (docs/RULES.md, "Consent").
consent-not-taking = { $name } nie przyjmuje wyzwań.
consent-cooldown = Przed chwilą wyzwałeś { $name }. Możesz wyzwać tę osobę ponownie { $when }.
consent-challenges-on = Członkowie mogą cię wyzywać na tym serwerze. Wyłącz to przez `/bingo challenges off`.
consent-challenges-off = Członkowie nie mogą cię wyzywać na tym serwerze. Włącz to z powrotem przez `/bingo challenges on`.
consent-challenges-now-on = Gotowe: członkowie znów mogą cię wyzywać na tym serwerze.
consent-challenges-now-off = Gotowe: członkowie nie mogą cię wyzywać na tym serwerze. Wyzywający dowiedzą się prywatnie, że nie przyjmujesz wyzwań.
consent-block-self = Nie możesz zablokować samego siebie.
consent-blocked = { $name } nie może już cię wyzywać. Ta osoba nie zostanie o tym powiadomiona.
consent-already-blocked = { $name } jest już zablokowany.
consent-unblocked = { $name } znów może cię wyzywać.
consent-not-blocked = { $name } nie jest zablokowany.

# Polecenia
cmd-bingo-challenges =
    .name = wyzwania
    .description = Przyjmuj wyzwania od członków albo nie (widzisz to tylko ty).
cmd-bingo-challenges-mode =
    .name = tryb
    .description = Włączone lub wyłączone (pomiń, aby zobaczyć swój wybór)
choice-challenges_on =
    .name = włączone
choice-challenges_off =
    .name = wyłączone
cmd-bingo-block =
    .name = zablokuj
    .description = Odrzucaj każde wyzwanie od członka (widzisz to tylko ty).
cmd-bingo-block-member =
    .name = członek
    .description = Członek, którego wyzwania odrzucasz
cmd-bingo-unblock =
    .name = odblokuj
    .description = Znów przyjmuj wyzwania od członka.
cmd-bingo-unblock-member =
    .name = członek
    .description = Członek, którego zablokowałeś
