# スクリーンリーダーモード（/bingo accessibility）：すべてのパネルと盤面の先頭に、状況を
# 一文で示します（bot/ui/accessible.py、cogs/bingo/_accessible.py）。
a11y-you-decide = あなたの番です。
a11y-waiting = { $name }の番です。
a11y-over = 対戦は終了しました。
a11y-turn = 第{ $turn }ターン。
a11y-mulligans = マリガン中。
a11y-territories = あなたの陣地：{ $mine }。{ $name }の陣地：{ $theirs }。
a11y-board-territories = { $first }の陣地：{ $a }。{ $second }の陣地：{ $b }。
a11y-hand = あなたの手札：{ $hand }。
a11y-holds = { $name }の手札は{ $n }枚。
a11y-library = ライブラリー：{ $n }枚。
a11y-scry = ライブラリーの一番上：{ $land }。
a11y-pending = { $name }が{ $land }を出そうとしています。
a11y-last = 直前：{ $line }
a11y-actions = できること：{ $actions }。
a11y-none = なし
# Between the clauses of the sentence.
a11y-join = {""}
a11y-separator = {"、"}
a11y-count-plains = 平地{ $n }枚
a11y-count-island = 島{ $n }枚
a11y-count-swamp = 沼{ $n }枚
a11y-count-mountain = 山{ $n }枚
a11y-count-forest = 森{ $n }枚
a11y-on = スクリーンリーダーモードをオンにしました。パネルと盤面の先頭に、誰の番か、両者の陣地、あなたの手札、直前の出来事、できることを一文で表示します。`/bingo accessibility off` でオフにできます。
a11y-off = スクリーンリーダーモードはオフです。`/bingo accessibility on` でオンにできます。
a11y-offer = スクリーンリーダーモード

## /bingo accessibility

cmd-bingo-accessibility =
    .name = アクセシビリティ
    .description = スクリーンリーダーモード：オンかオフにするか、今の設定を見ます。
cmd-bingo-accessibility-mode =
    .name = モード
    .description = オン、オフ、または今の設定を表示
choice-a11y_on =
    .name = オン
choice-a11y_off =
    .name = オフ
choice-a11y_show =
    .name = 表示
