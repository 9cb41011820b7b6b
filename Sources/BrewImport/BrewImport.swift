// BrewImport — placeholder until the layer lands.
