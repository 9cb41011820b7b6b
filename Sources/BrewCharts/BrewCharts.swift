// BrewCharts — placeholder until the layer lands.
