# Shared words. Lands in WUBRG order, and the game's own terms.
land-plains = Plains
land-island = Island
land-swamp = Swamp
land-mountain = Mountain
land-forest = Forest
