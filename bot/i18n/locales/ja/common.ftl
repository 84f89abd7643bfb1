# 共通の語。土地はWUBRGの順で、日本語版マジックのカードに印刷された名前（平地、島、沼、山、森）。
land-plains = 平地
land-island = 島
land-swamp = 沼
land-mountain = 山
land-forest = 森
# 二つの文の間（。の後に空白は入れません）。
common-sentence-join = {""}

# すべてのコマンドと操作に共通の返答（bot/interactions.py）。
common-not-current = その選択はもう有効ではありません。
common-not-now = 今はそれを行えません。
common-bad-option = そのオプションの値「{ $value }」を理解できませんでした。
common-out-of-range = `{ $option }`には{ $low }から{ $high }までの値を指定してください。
common-out-of-date = このコマンドは古くなっています。1分ほどしてからもう一度お試しください。
common-went-wrong = 問題が発生しました（エラーID { $id }）。
common-storage-busy = ボットのデータベースが混み合っているため、何も反映されませんでした。少し待ってからもう一度お試しください。
