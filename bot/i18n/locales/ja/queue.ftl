# サーバーをまたぐランク戦のキュー（/bingo queue）と、サーバーのラダーチャンネル
# （/bingo settings ladder）：docs/queue.md。$mu、$sigma、$gap、$rating は書式済み
# （小数1桁）、$when は Discord のタイムスタンプです。

## 待機メッセージ（あなただけに表示）

queue-title = 🔎 対戦相手を探しています
queue-waiting = キューのレーティングがあなたに最も近いメンバーと、どのサーバーにいても組み合わせます。待つあいだ、受け入れるレーティング差は20秒ごとに広がります。
queue-count = { $n ->
   *[other] 現在 { $n } 人がキューに並んでいます（あなたを含む）。
}
queue-restarted = 再起動しましたが、あなたはまだキューに並んでいます。このメッセージが以前のものの代わりです。
queue-found = 対戦相手が見つかりました。対戦を準備しています…
queue-bot-offer = まだ近いレーティングの相手がいません。代わりに私と対戦する（キューから抜けます）か、このまま待てます。
queue-field-rating = あなたのキューレーティング
queue-rating = { $mu }（± { $sigma }）
queue-field-gap = 現在受け入れる差
queue-gap = ± { $gap }、{ $when }に拡大
queue-field-since = 待機開始
queue-footer = いつでも抜けられます。{ $minutes } 分たっても相手が見つからなければ、自動的にキューから抜けます。
queue-button-leave = キューから抜ける
queue-button-bot = 代わりにボットと対戦

## 結果

queue-paired-title = ⚔️ 対戦相手が見つかりました
queue-ended-title = BingoMagic のキュー
queue-paired = **{ $opponent }**（キューレーティング { $rating }）と対戦します：BingoMagic #{ $id }。
queue-paired-dms = 手札とボードはDMにあります。
queue-paired-thread = ボードは { $thread } にあり、手札はDMにあります。
queue-left = キューから抜けました。
queue-left-busy = 別の対戦を始めたため、キューから抜けました。
queue-expired = { $minutes } 分以内に相手が見つからなかったため、キューから抜けました。`/bingo queue` でもう一度どうぞ。
queue-dropped = キューの順番が取り消されました。`/bingo queue` でもう一度どうぞ。
queue-bot-here = 私と対戦するため、キューから抜けました。
queue-bot-started = 代わりに私と対戦します：BingoMagic #{ $id }。手札とボードはDMにあります。
queue-again = もう一度ランク戦をするには `/bingo queue`。

## お断り（あなただけに表示）

queue-busy = すでに対戦中です。キューに並ぶ前に、その対戦を終えてください（または `/bingo resign`）。
queue-dms-closed = キューの対戦では手札をDMで送りますが、あなたにDMを送れません。このサーバーのメンバー（または私）からのDMを許可してから、もう一度並んでください。
queue-dm-check = DMを送れるようになりました。組み合わせが決まると、手札がここに届きます。
queue-not-queuing = キューに並んでいません。`/bingo queue` で並べます。
queue-too-late = すでに組み合わせが決まっています：BingoMagic #{ $id }。
queue-too-late-pairing = ちょうど組み合わせが決まりました。対戦が始まります。

## /bingo settings ladder（サーバー管理、あなただけに表示）

queue-ladder-set = 設定しました：このサーバーのメンバーのキュー対戦ごとに、{ $channel } にボードを表示するスレッドができます（伏せ札は表示しません）。
queue-ladder-cleared = 設定しました：このサーバーではキュー対戦のボードを表示しなくなります。
queue-ladder-show = ラダーチャンネル：{ $channel }。このサーバーのメンバーのキュー対戦のボードを、そこにスレッドで表示します。
queue-ladder-none = ラダーチャンネルは未設定です：このサーバーのメンバーのキュー対戦のボードはここに表示されません。`/bingo settings ladder channel:` で設定できます。
queue-ladder-permissions = { $channel } でスレッドを作れません。そこで次の権限が必要です：{ $missing }。

settings-field-ladder = ラダーチャンネル（ランク戦）

## コマンド

cmd-bingo-queue =
    .name = ランク戦
    .description = ランク戦のキュー：どのサーバーからでも、レーティングが最も近いメンバーと対戦します。
cmd-bingo-settings-ladder =
    .name = ラダー
    .description = サーバー管理のみ：このサーバーのメンバーのキュー対戦を表示する場所。
cmd-bingo-settings-ladder-channel =
    .name = チャンネル
    .description = ラダーチャンネル：キュー対戦ごとにそこへスレッドを作ります
cmd-bingo-settings-ladder-off =
    .name = オフ
    .description = このサーバーのどのチャンネルにもキュー対戦を表示しない
