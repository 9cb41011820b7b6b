// BrewStats — placeholder until the layer lands.
