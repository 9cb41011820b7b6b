print("brewstats")
