# gnuplot -e "data='FILE'; out='PNG'; titles='A B C'; xmax=3200" opp-timeline.gp
# FILE: one block per setting (two blank lines between), "t_ms mhz" lines.
set terminal pngcairo size 1000, 180 * words(titles) font ",9"
set output out
set multiplot layout words(titles), 1
set termoption noenhanced
if (!exists("xmax")) xmax = 3200
set xrange [0:xmax]
set yrange [0:2100]
set ytics 500
set grid ytics
set ylabel "OPP (MHz)"
set key top right
do for [i = 1:words(titles)] {
	if (i == words(titles)) { set xlabel "time since the workload started (ms)" }
	plot data index (i - 1) using 1:2 with steps lw 1.5 title word(titles, i)
}
unset multiplot
