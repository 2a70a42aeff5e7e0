# gnuplot -e "data='FILE'; out='PNG'; titles='A B C'; xmax=1000" signals.gp
# FILE: one block per setting (two blank lines between), one line per
# dequeue for sleep: "t_ms util_avg estimate model_util_avg" (the kernel's
# trace, and analysis/ue_model.c's replay of the task's switches).
set terminal pngcairo size 1000, 200 * words(titles) font ",9"
set output out
set multiplot layout words(titles), 1
set termoption noenhanced
if (!exists("xmax")) xmax = 1000
set xrange [0:xmax]
set yrange [0:1100]
set ytics 256
set grid ytics
set ylabel "utilization (of 1024)"
set key top right horizontal
do for [i = 1:words(titles)] {
	if (i == words(titles)) { set xlabel "time since the workload started (ms), at each dequeue for sleep" }
	plot data index (i - 1) using 1:3 with steps lw 1.5 title word(titles, i) . ": estimate", \
	     '' index (i - 1) using 1:2 with points pt 7 ps 0.5 title "util_avg (kernel)", \
	     '' index (i - 1) using 1:4 with lines dt 2 title "util_avg (model)"
}
unset multiplot
