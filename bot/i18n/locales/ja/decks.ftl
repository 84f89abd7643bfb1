# 貼り付けたデッキリストの行を受け付けない理由（bot/decks/parser.py）。断片：
# コグが「N行目：<その行> — 」の後に表示する。

deck-error-count-not-whole = 枚数「{ $word }」は1から{ $max }までの整数ではありません
deck-error-missing-count = 枚数がありません（「4 カード名」のように書いてください）
deck-error-count-range = 枚数{ $count }は1から{ $max }の範囲外です
deck-error-missing-name = カード名がありません
deck-error-name-too-long = カード名が{ $max }文字を超えています
deck-error-too-many-cards = この行でデッキが{ $max }枚（上限）を超えます
