# gnuplot -e "data='FILE'; out='PNG'; titles='A B C'" pareto.gp
# FILE: one block per setting (two blank lines between), "miss_pct
# energy_mj half_life_ms" lines: energy against missed deadlines, a point
# per PELT half-life, a line per setting.
set terminal pngcairo size 1000, 560 font ",9"
set output out
set termoption noenhanced
set xlabel "frames that missed their deadline (%)"
set ylabel "energy of every CPU (mJ)"
set key outside right
set grid
plot for [i = 1:words(titles)] data index (i - 1) using 1:2 with linespoints pt 7 ps 1.2 title word(titles, i), \
	for [i = 1:words(titles)] data index (i - 1) using 1:2:(sprintf("%g ms", $3)) with labels offset 1.5, 0.6 font ",8" notitle
