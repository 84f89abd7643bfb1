# 手番のリマインダー（/bingo reminders）：判断が制限時間の半分を過ぎても待たれているとき
# DMを1通、時間切れで負けになる場合は代わりに警告（RULES §1.8）。DMが閉じていれば
# 対戦のスレッドに。

## /bingo reminders

cmd-bingo-reminders =
    .name = リマインダー
    .description = 手番のリマインダーをDMで：オンかオフにするか、今の設定を見ます。
cmd-bingo-reminders-mode =
    .name = モード
    .description = オンかオフ（省略すると今の設定を表示）
choice-reminders_on =
    .name = オン
choice-reminders_off =
    .name = オフ

reminders-on = ⏰ 手番のリマインダーを**オン**にしました（すべてのサーバーで、進行中の対戦にも）。あなたの判断が制限時間の半分を過ぎても待たれているとき、DMを1通送ります（DMが閉じていれば対戦のスレッドでメンションします）。時間切れで負けになるとき（{ $turns }ターン連続の時間切れ）は、代わりに警告を送ります。プレイ中は送りません。
reminders-off = 手番のリマインダーは**オフ**です：判断を待たれていてもメッセージは送りません。`/bingo リマインダー` でオンにできます。

## リマインダー（非公開：メンバーの言語、スレッド：サーバーの言語）

reminders-hand = あなたのパネル：`/bingo 手札`
reminders-panel-link = [パネルへ移動]({ $url })
reminders-dm = ⏰ { $other }とのBingoMagic #{ $id }で、まだあなたの判断を待っています。{ $deadline }に時間切れになります。{ $link }
reminders-forfeit-dm = ⚠️ { $other }とのBingoMagic #{ $id }：あなたは{ $n }ターン連続で時間切れになっています。このターンも時間切れになると（{ $deadline }）、対戦に負けます。{ $link }
reminders-thread = { $user }、⏰ BingoMagic #{ $id }でまだあなたの判断を待っています。{ $deadline }に時間切れになります。盤面の**手札を見る**を押してください。
reminders-forfeit-thread = { $user }、⚠️ BingoMagic #{ $id }でこのターンも時間切れになると（{ $deadline }）、対戦に負けます。盤面の**手札を見る**を押してください。
