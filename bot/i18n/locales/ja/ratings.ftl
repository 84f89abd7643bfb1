# /bingo stats と /bingo leaderboard のレーティング（openskill）、リプレイ、再戦。
# $ordinal は表示するレーティング（mu - 3 sigma）。$change は符号付き（「+3.4」「-1.2」）。

ratings-field = レーティング
ratings-value = **{ $ordinal }**（μ { $mu } ± { $sigma }） · { $rank }位
ratings-last-change = 前回の対戦（#{ $id }）：{ $change }
ratings-leaderboard-title = BingoMagicランキング
ratings-leaderboard-line = **{ $rank }.** { $who } — { $ordinal }（レーティング対象 { $matches }戦）
ratings-leaderboard-none = このサーバーにはまだレーティング対象の対戦がありません。
ratings-leaderboard-footer = レーティング = μ − 3σ（openskill）。メンバー同士の対戦から算出（ボットとの対戦は除く）。勝利数で並べるには「{ cmd-bingo-leaderboard-by.name }：{ choice-wins.name }」を指定してください。
ratings-your-rating = あなたのレーティング
ratings-no-rating = ここではまだレーティングがありません：メンバーとの対戦を1回終えてください。

choice-rating =
    .name = レーティング
choice-wins =
    .name = 勝利数

cmd-bingo-leaderboard-by =
    .name = 基準
    .description = レーティング順（既定）か勝利数順か

## リプレイ

replay-title = BingoMagic #{ $id }のリプレイ — { $first } vs { $second }
replay-step = ステップ { $step } / { $total }
replay-nothing = （このステップで表示するものはありません）
replay-hands = 手札
replay-empty-hand = （なし）
replay-previous = 前へ
replay-next = 次へ
# The button on a player's end-of-match panel that opens the replay.
replay-open = リプレイを見る
replay-unknown = このサーバーには対戦 #{ $id }はありません。
replay-not-over = 対戦 #{ $id }はまだ進行中です：終わってからリプレイできます。
replay-broken = 対戦 #{ $id }はリプレイできません。

cmd-bingo-replay =
    .name = リプレイ
    .description = このサーバーで終わったBingoMagicの対戦を1手ずつ振り返ります。
cmd-bingo-replay-match =
    .name = 対戦
    .description = 対戦番号（盤面と結果に表示されています）

## 再戦

rematch-button = 再戦
rematch-unavailable = この対戦には再戦がありません。
rematch-not-yours = 再戦を申し込めるのは、この対戦の2人のプレイヤーだけです。
rematch-gone = 相手はもうこのサーバーにいません。
