// BrewSynth — placeholder until the layer lands.
