// BrewCairo — placeholder until the layer lands.
