# gnuplot -e "data='FILE'; out='PNG'; titles='A B C'; xmax=3200" placement.gp
# FILE: one block per setting (two blank lines between), "t_ms cpu" at
# each switch-in of the task: which CPU it ran on, over time.
set terminal pngcairo size 1000, 110 * words(titles) + 40 font ",9"
set output out
set multiplot layout words(titles), 1
set termoption noenhanced
if (!exists("xmax")) xmax = 3200
set xrange [0:xmax]
set yrange [-0.5:1.5]
set ytics ("CPU 0 (little)" 0, "CPU 1 (big)" 1)
set grid ytics
set key top right
do for [i = 1:words(titles)] {
	if (i == words(titles)) { set xlabel "time since the task first ran (ms)" }
	plot data index (i - 1) using 1:2 with points pt 7 ps 0.6 title word(titles, i)
}
unset multiplot
