# 盤面の画像（bot/ui/board_image.py）。公開テキスト：サーバーの言語。
# 画像に描く文字は同梱のCJKフォント（bot/ui/fonts）にある字だけ：tests/test_board_image.py が確かめる。
board-title = BingoMagic #{ $id }
board-turn = 第{ $turn }ターン · { $name }の番
board-mulligans = マリガン
board-hand = 手札：{ $count }枚
board-library = ライブラリー
board-discard = 墓地
board-discard-empty = 墓地：空
board-on-stack = スタック上
board-line-column = 同じ色を5枚
board-line-row = 全色を1枚ずつ
board-last = 直前の行動：{ $move }
board-last-announce = { $name }が{ $land }を置こうとしています
board-last-resolve = { $name }が{ $land }を置きました
board-last-counter = { $name }が{ $land }を打ち消しました
board-last-discard = { $name }が{ $land }を捨てました
board-last-destroy = { $name }が{ $target }の{ $land }を破壊しました
board-last-take = { $name }が墓地から{ $land }を回収しました
board-last-pass = { $name }がパスしました
board-last-timeout = { $name }が時間切れになりました
board-last-resign = { $name }が投了しました
board-win = { $name }の勝利：{ $how }
board-how-column = 同じ色の土地5枚
board-how-row = 全5色の土地
board-how-resign = 投了
board-how-timeout = 時間切れ
board-how-other = ルール
board-draw = 引き分け
board-no-result = 結果なし
board-moderator = モデレーターが終了：{ $reason }
board-moderator-no-reason = モデレーターが終了

## あと1枚で勝利、と代替テキスト（画像を言葉で：bot/ui/board_image.py board_alt_text）
board-near-win = { $name }はあと{ $land }1枚で勝利
board-alt-intro = BingoMagic #{ $id }の盤面。{ $status }。
board-alt-player = { $name }：陣地 { $territory }、{ $hand }、墓地 { $discard }。
board-alt-none = なし
board-alt-count = { $land }{ $n }枚
board-alt-library = ライブラリー：{ $n }枚。
board-alt-stack = スタック上：{ $land }。
board-alt-line = { $text }。
