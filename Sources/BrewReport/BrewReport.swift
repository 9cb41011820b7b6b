// BrewReport — placeholder until the layer lands.
