# 静かなDMとクイック打ち消し：非公開の手札パネルと /bingo quick。

## /bingo quick

cmd-bingo-quick =
    .name = クイック
    .description = クイック打ち消し：オンかオフにするか、今の設定を見ます。
cmd-bingo-quick-mode =
    .name = モード
    .description = オンかオフ（省略すると今の設定を表示）
choice-quick_on =
    .name = オン
choice-quick_off =
    .name = オフ

quick-on =
    ⚡ クイック打ち消しを**オン**にしました（次の対戦から）。打ち消しの機会は{ $seconds }秒間で、時間切れになると土地は自動的に解決します。それまでは「打ち消す」を押せます。あなたが島を持っていてもいなくても、相手には同じ機会が見えます。
quick-off =
    クイック打ち消しを**オフ**にしました（次の対戦から）：打ち消しの機会ごとに{ $seconds }秒以内に答えます。

## 手札パネル

# クイック打ち消しの機会の案内の下に。
panel-quick-window = ⚡ クイック打ち消し：時間切れになると土地は自動的に解決します。
